// the report's renderers and the rerun commands of the model layer below it escape alike
export { escapeControlCharacters } from '../schema/index.ts'
