/** Seeds from a list such as `10921-10960,8748`: ranges and single seeds, in order. */
export function seedsOf(text: string) {
  return text.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b ? Array.from({ length: b - a + 1 }, (_, k) => a + k) : Number.isFinite(a) && part ? [a] : [];
  });
}
