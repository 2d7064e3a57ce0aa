/**
 * The request headers Chromium sends with the web app's reads (`fetch` with `Accept: application/json`,
 * same origin), as Debian's Chromium 150 sent them, in its order; the session cookie is added per case.
 * The api bench sends these, so the server parses what it parses in use and answers as it answers a
 * browser (a kept answer compressed, decision 236).
 */
export const BROWSER_HEADERS: Record<string, string> = {
  'sec-ch-ua-platform': '"Linux"',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
  accept: 'application/json',
  'sec-ch-ua': '"Not;A=Brand";v="8", "Chromium";v="150"',
  'sec-ch-ua-mobile': '?0',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
  referer: 'http://127.0.0.1/dashboard',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
};
