/** The schools feature's public surface: other features import only from here. */
export { SchoolPicker } from './components/school-picker';
export { useSchoolSearch } from './api/search-schools';
