// A format for the browser tests: a chatmark conversation model as the writer goldens
// store it (`fixtures/writers/<case>/conversation.json`), read as it is. With it the
// real command writes pages from hand-written models:
//   chatmark --use test/browser/model-format.js --to html -o out fixtures/writers/hostile-html/conversation.json

/**
 * @returns {import('@chatmark/core').FormatPlugin}
 */
export default function modelFormat() {
  return {
    name: 'model',
    description: 'a chatmark conversation model (conversation.json)',
    extensions: ['.json'],
    detect(sample) {
      const model = sample.json
      const isModel =
        sample.kind === 'json' &&
        typeof model === 'object' &&
        model !== null &&
        Array.isArray(model.turns) &&
        typeof model.source?.format === 'string' &&
        typeof model.fidelity === 'object'
      return isModel
        ? {confidence: 'certain', reason: 'turns[], source.format and fidelity: a chatmark model'}
        : {confidence: 'none', reason: 'not a chatmark conversation model'}
    },
    async *parse(input) {
      const decoder = new TextDecoder()
      let text = ''
      for await (const chunk of input.open()) text += decoder.decode(chunk, {stream: true})
      yield JSON.parse(text + decoder.decode())
    }
  }
}
