// Requests Node refuses before the app sees them (a header block or address over its 16 KB limit, a request line
// it cannot parse): answered as problem+json like every other refusal, instead of Node's bare status line.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '../domain/errors.js';
import { problemBody } from './problem.js';

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new DomainError('headers_too_large', 'The address or the headers of the request are larger than 16 KB.')
        : new DomainError('malformed_request', 'The request could not be read: its address or headers are malformed.');
    const { status, title } = problemBody(problem);
    const body = JSON.stringify(problemBody(problem));
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
