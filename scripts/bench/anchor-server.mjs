// An anchor for `npm run bench`: the least a server can do to answer the BFF's JSON, so the BFF's figures are read as
// ratios to it on the same machine in the same run. `node anchor-server.mjs express|http <body.json>`: every GET
// answers the body (200), every POST reads its body and answers the same (201), no-store, as the BFF does.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';
import helmet from 'helmet';

const [kind, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');

function listen(server) {
  server.listen(0, '127.0.0.1', () => console.log(`anchor listening on ${server.address().port}`));
}

if (kind === 'express') {
  const app = express();
  app.use(helmet());
  app.use(express.json());
  app.get('/{*path}', (_req, res) => res.set('Cache-Control', 'no-store').type('json').send(body));
  app.post('/{*path}', (_req, res) => res.status(201).set('Cache-Control', 'no-store').type('json').send(body));
  listen(createServer(app));
} else {
  listen(
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(body);
      });
    }),
  );
}
