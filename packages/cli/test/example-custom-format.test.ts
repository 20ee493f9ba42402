// The example custom format's own test file is plain JavaScript outside every vitest project, as a third-party
// format's would be: importing it here registers its tests in this file, so the suite runs them.
await import(new URL('../../../examples/custom-format/test/irc-format.test.js', import.meta.url).href)
