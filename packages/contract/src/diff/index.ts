export { type Allowance, AllowFileError, applyAllowances, parseAllowFile, readAllowFile } from './allow.ts';
export { diffContracts } from './compare.ts';
export { renderDiffJson, renderDiffMarkdown, renderDiffText } from './report.ts';
export { DiffInputError, type DiffOptions, readContract, runDiff } from './run.ts';
export * from './types.ts';
export { type ApiCall, extractCalls, markUsedBy, scanCalls } from './used-by.ts';
