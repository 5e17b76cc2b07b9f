// The ceiling: a bare node:http server answering a small JSON object. Every scenario is reported
// as a ratio to what this machine's Node can do at all.
import http from 'node:http';

const body = JSON.stringify({ ok: true, name: 'ceiling', items: [1, 2, 3] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
