// Requests Node refuses before the app sees them (a header block or address over its 16 KB limit, headers that did
// not arrive within its headersTimeout, a request line it cannot parse): answered as problem+json like every other
// refusal, instead of Node's bare status line.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '../domain/errors.js';
import { problemBody } from './problem.js';

function refusalOf(error: NodeJS.ErrnoException): DomainError {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return new DomainError('headers_too_large', 'The address or the headers of the request are larger than 16 KB.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new DomainError('request_timeout', 'The request did not arrive in time.', { retryable: true });
  return new DomainError('malformed_request', 'The request could not be read: its address or headers are malformed.');
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const body = problemBody(refusalOf(error));
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${body.status} ${body.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}
