/** Worker slot i of the browser tests talks to the server on E2E_PORT + i (decision 183). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5190);
