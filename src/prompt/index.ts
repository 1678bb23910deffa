export { buildPrompt } from './few-shot-prompt.ts'
export { drawFewShot, fewShotSpec, type FewShotSpec } from './few-shot.ts'
export { buildMessages, DEFAULT_CHOICE_PROMPT, optionLetter, renderTemplate, type PromptTemplate } from './prompt.ts'
