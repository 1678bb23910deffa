export { buildPrompt } from './few-shot-prompt.ts'
export { drawFewShot, fewShotSpec, type FewShotSpec } from './few-shot.ts'
export {
  buildMessages,
  DEFAULT_CHOICE_PROMPT,
  fieldNames,
  hasField,
  optionLetter,
  renderTemplate,
  templateFields,
  type PromptTemplate,
} from './prompt.ts'
export { SHORT_ANSWER_RULE } from './answer-line.ts'
