// A small round-robin HTTP balancer for `npm run bench:load`: what nginx or
// Caddy would do in front of several instances, in a process of its own, with kept-alive
// connections to each instance. Run: node --import tsx bench/balancer.ts PORT URL [URL...]
import http from "node:http";

const [portText, ...targets] = process.argv.slice(2);
if (!portText || targets.length === 0) throw new Error("usage: balancer.ts PORT URL [URL...]");
const backends = targets.map((target) => new URL(target));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = http.createServer((request, response) => {
  const backend = backends[next++ % backends.length] as URL;
  const forwarded = http.request(
    {
      agent,
      host: backend.hostname,
      port: backend.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on("error", () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portText), "127.0.0.1", () => console.log(`balancing on ${portText}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
