import { existsSync, statSync } from 'node:fs'
import { DATA_FILE_FORMATS, type DataFileOptions, isDataFileFormat, loadDataFile } from '../dataset/index.ts'
import { ConfigError, DatasetError } from '../errors.ts'
import { escapeControlCharacters } from '../schema/index.ts'
import { type CliOutput, type Command, EXIT } from './command.ts'
import { fieldColumnsProblem, parseFieldOptions } from './field-option.ts'
import { findDataFiles, type SkippedFile } from './find-data-files.ts'
import { parseOptions } from './parse-options.ts'
import { checkSplitOption } from './split-option.ts'
import { renderIssues, renderSummary } from './render-summary.ts'

const HELP = `Usage: evalsuite validate [options] <path...>

Checks data files without running anything: prints what each file holds (format,
type, fields, sample count, subsets) or every problem as file:line: field: message.
A folder is searched for .jsonl, .csv, .tsv and .json files; links to folders are not
followed, and what is not a regular file (a named pipe) or leads out of the folder is
skipped, saying so.

Local images are read from the data file's folder, then from the working directory
(as EvalScope names them), and only when they lie in one of these folders (links
resolved), or in a folder named with --image-folder.

The format is detected: .csv, .tsv and .jsonl files with option columns A, B, ... (or a
<file>.meta.json beside them) are OpenCompass custom datasets; a .jsonl file whose
"question" is a list of messages is ChatML; files with "query", "messages" or "history"
are EvalScope general QA; other files use the default field names
(input/question/prompt/problem, target/answer/expected/label, choices/options, id, subset).

Options:
  --format <name>     jsonl, csv, tsv, json, opencompass, chatml or evalscope, instead of
                      detecting it
  --columns <a,b,..>  the column names of CSV or TSV files without a header row
  --split <name>      the split of a JSON file holding named splits (default: every split)
  --field <name=col>  read a sample field from a column the defaults miss, e.g.
                      target=final_answer or subset=category; name is input, target,
                      choices, id, subset or system; repeat the option for several
  --image-folder <dir>  a folder local images may also be read from; repeat for several
  -h, --help          show this help

Exit code: 0 when every file is valid, 1 when one is not, 2 on a usage error.

Examples:
  npx evalsuite validate data/questions.jsonl
  npx evalsuite validate data/physics.csv          # with data/physics.csv.meta.json beside it
  npx evalsuite validate data/mmlu/test --columns question,A,B,C,D,answer
  npx evalsuite validate data/mmlu_pro/test.jsonl --field subset=category
`

const OPTIONS = {
  format: { type: 'string' },
  columns: { type: 'string' },
  split: { type: 'string' },
  field: { type: 'string', multiple: true },
  'image-folder': { type: 'string', multiple: true },
  // selects subsets on eval; here the subset field is named with --field
  subset: { type: 'string' },
} as const

/** `evalsuite validate`: checks data files and says what they hold. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'check data files and print what they hold, or every problem',
  help: HELP,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions('validate', args, OPTIONS)
    if (positionals.length === 0)
      throw new ConfigError('evalsuite validate: name a data file or folder to check; see "evalsuite validate --help"')
    if (values.subset !== undefined)
      throw new ConfigError(`evalsuite validate: name the field holding each sample's subset with --field subset=${values.subset}`)
    const options = dataFileOptions(values)
    const found = positionals.map((path) => dataFilesOf(path))
    const files = found.flatMap((each) => each.files)
    for (const { path, why } of found.flatMap((each) => each.skipped))
      output.stdout.write(`${escapeControlCharacters(path)}: skipped, ${escapeControlCharacters(why)}\n`)
    checkSplitOption('validate', values.split, files, values.format)
    let invalid = 0
    for (const file of files) {
      try {
        const problem = options.fields && (await fieldColumnsProblem(file, options.fields, options))
        if (problem) throw new DatasetError([{ file, message: problem }])
        output.stdout.write(renderSummary(file, await loadDataFile(file, options)))
      } catch (error) {
        if (!(error instanceof DatasetError)) throw error
        invalid++
        output.stdout.write(renderIssues(file, error.issues))
      }
    }
    const skipped = found.reduce((n, each) => n + each.skipped.length, 0)
    const skippedText = skipped === 0 ? '' : `, ${skipped} skipped`
    if (files.length + skipped > 1)
      output.stdout.write(`${files.length} files: ${files.length - invalid} valid, ${invalid} invalid${skippedText}\n`)
    return invalid === 0 ? EXIT.ok : EXIT.failed
  },
}

function dataFileOptions(values: {
  format?: string
  columns?: string
  split?: string
  field?: string[]
  'image-folder'?: string[]
}): DataFileOptions {
  const { format, columns, split } = values
  const fields = parseFieldOptions('validate', values.field)
  if (format !== undefined && !isDataFileFormat(format)) {
    throw new ConfigError(`evalsuite validate: --format must be one of ${DATA_FILE_FORMATS.join(', ')}, received "${format}"`)
  }
  return {
    ...(format === undefined ? {} : { format }),
    ...(columns === undefined ? {} : { columns: columns.split(',').map((name) => name.trim()) }),
    ...(split === undefined ? {} : { split }),
    ...(fields === undefined ? {} : { fields }),
    ...(values['image-folder'] === undefined ? {} : { imageFolders: values['image-folder'] }),
  }
}

const EXTENSIONS = ['.jsonl', '.csv', '.tsv', '.json']

/** A file as named, or the data files under a folder (meta files aside), sorted, with what was skipped there. */
function dataFilesOf(path: string): { files: string[]; skipped: SkippedFile[] } {
  if (!existsSync(path)) throw new ConfigError(`evalsuite validate: no such file or folder: ${path}`)
  if (!statSync(path).isDirectory()) return { files: [path], skipped: [] }
  const found = findDataFiles(path, EXTENSIONS)
  if (found.files.length === 0 && found.skipped.length === 0)
    throw new ConfigError(`evalsuite validate: no .jsonl, .csv, .tsv or .json file in ${path}`)
  return found
}
