// Child process of the API benchmark: the floor, a bare node:http server answering one fixed page of six
// thoughts to every request. Nothing that speaks HTTP from Node can answer faster.
import { createServer } from "node:http";

const page = process.argv[2] ?? "[]";
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "x-total-count": "100000" });
    res.end(page);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
