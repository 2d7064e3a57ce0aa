/**
 * Prints the school names and towns the directory load completes (decision 207 lists them):
 *   npx tsx server/seed/list-school-repairs.ts
 */
import { readSchoolDirectory } from './schools';

const { repairs } = readSchoolDirectory();
const place = (r: { city: string; state: string }) => `${r.city}, ${r.state}`;
for (const { before, after } of repairs) {
  const what =
    before.name === after.name
      ? `${before.name}: ${place(before)} -> ${place(after)}`
      : `${before.name} -> ${after.name} (${place(after)})`;
  console.log(`- ${before.level === 'College' ? 'College' : 'High school'}: ${what}`);
}
console.log(`\n${repairs.length} schools repaired.`);
