/**
 * The `provide` key under which the plugin asks the workers to annotate every scored sample (its input, target,
 * output, extracted answer and scores): when a reporter shows annotations (JUnit properties, the html report) or the
 * UI runs. Otherwise samples skip the extra round trip to the main process.
 */
export const ANNOTATE_SAMPLES_KEY = 'evalsuite:annotate-samples'
