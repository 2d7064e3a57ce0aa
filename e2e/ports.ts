/** Worker slot i of the browser tests talks to the server on E2E_PORT + i (decision 183). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5190);
/** Browser-test workers, each with its own server (E2E_WORKERS, default 2). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
