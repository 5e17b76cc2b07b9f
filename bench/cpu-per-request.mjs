// node bench/cpu-per-request.mjs PID URL [requests] [name:value header…]
// The CPU time (user + system, from /proc, Linux) a running server spends per request of one URL,
// over `requests` (default 1500) asked 8 at a time after 400 unmeasured. On a busy shared machine
// requests per second say little; two servers (before and after a change) measured in turns, in
// the same minutes, compare fairly.
import fs from 'node:fs';
import http from 'node:http';

const [pid, url, count = '1500', ...headerArgs] = process.argv.slice(2);
if (!pid || !url) throw new Error('usage: node bench/cpu-per-request.mjs PID URL [requests] [name:value …]');
const headers = Object.fromEntries(headerArgs.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1)]));
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const get = () =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
async function run(total) {
  let started = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (started++ < total) bytes = await get();
    }),
  );
  return bytes;
}

await run(400);
const before = cpuMs();
const started = Date.now();
const bytes = await run(Number(count));
console.log(`${((cpuMs() - before) / Number(count)).toFixed(3)} ms of server CPU per request, ${((Date.now() - started) / Number(count)).toFixed(3)} ms wall, ${bytes} bytes a response`);
agent.destroy();
