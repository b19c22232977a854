// Waits for a server started by a script (scripts/cluster.mjs, scripts/e2e-servers.mjs) to answer its
// health check, failing when its process exits first or after about two minutes.
export async function healthy(port, child) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the process for port ${port} exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on ${port} did not start`);
}
