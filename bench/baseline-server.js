// The baseline of `npm run bench` (issue 11): a bare node:http server that sends one HTML file (the tariffs page
// the shop rendered in the same run) from memory, with the same content type. Usage: node baseline-server.js <file> <port>
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const html = fs.readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
    res.end(html);
  })
  .listen(Number(port), '127.0.0.1');
