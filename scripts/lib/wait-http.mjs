// node scripts/lib/wait-http.mjs URL TIMEOUT_SECONDS [PID]
// Polls URL until it answers with any HTTP status; fails when the timeout passes or PID exits first.
const [url, timeoutArg = '90', pidArg] = process.argv.slice(2)
if (!url) {
  console.error('usage: wait-http.mjs URL TIMEOUT_SECONDS [PID]')
  process.exit(2)
}
const deadline = Date.now() + Number(timeoutArg) * 1000
const pid = pidArg ? Number(pidArg) : undefined

const alive = () => {
  if (pid === undefined) return true
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

for (;;) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
    await res.arrayBuffer().catch(() => undefined)
    process.exit(0)
  } catch {
    // not listening yet
  }
  if (!alive()) {
    console.error(`The process ${pid} exited before ${url} answered.`)
    process.exit(1)
  }
  if (Date.now() >= deadline) {
    console.error(`${url} did not answer within ${timeoutArg} s.`)
    process.exit(1)
  }
  await new Promise(r => setTimeout(r, 250))
}
