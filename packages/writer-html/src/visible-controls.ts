/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

/**
 * HTML with every control character a transcript carried (a tool's coloured
 * output is full of ESC) made visible: a C0 control as its Unicode control
 * picture (ESC as `␛`), DEL as `␡`, a C1 control as U+FFFD. HTML forbids
 * them (each is a parse error), browsers show them as nothing, and a page
 * printed in a terminal (`cat page.html`) would act on them. Markup never
 * holds one, so the page's text is all that changes.
 */
export function visibleControls(html: string): string {
  controls.lastIndex = 0
  if (!controls.test(html)) return html
  return html.replace(controls, (character) => {
    const code = character.charCodeAt(0)
    if (code < 0x20) return String.fromCharCode(0x2400 + code)
    return code === 0x7f ? '\u2421' : '\ufffd'
  })
}
