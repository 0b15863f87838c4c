import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, REPO_ROOT, tmpRoot } from './server'

export const NGINX = '/usr/sbin/nginx'

export interface RunningNginx {
  url: string
  dir: string
  stop(): Promise<void>
}

/**
 * Debian's nginx (scripts/ensure-nginx.sh) running the committed deploy/nginx/cabinet.conf in front of `nodes`
 * (ports; the first two upstream lines of the file), with its listen port and the build's root substituted on the
 * marked lines, as its own unprivileged process (no daemon, every path under a fresh directory in .tmp/).
 */
export async function startNginx(nodes: [number, number]): Promise<RunningNginx> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpRoot(), 'nginx-'))
  const site = readFileSync(join(REPO_ROOT, 'deploy/nginx/cabinet.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${nodes[0]} `)
    .replace(/server 127\.0\.0\.1:8082 /, `server 127.0.0.1:${nodes[1]} `)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/srv\/cabinet\/dist;/, `root ${join(REPO_ROOT, 'dist')};`)
  writeFileSync(join(dir, 'cabinet.conf'), site)
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true })
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/cabinet.conf;
}
`,
  )
  const child = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'], detached: true })
  const exited = new Promise<void>(ok => child.once('exit', () => ok()))
  const url = `http://127.0.0.1:${port}`
  const until = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); see ${dir}/error.log`)
    const res = await fetch(`${url}/healthz`).catch(() => null)
    if (res) break
    if (Date.now() > until) throw new Error(`nginx did not answer on ${url}`)
    await new Promise(ok => setTimeout(ok, 100))
  }
  return {
    url,
    dir,
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
      await exited
    },
  }
}
