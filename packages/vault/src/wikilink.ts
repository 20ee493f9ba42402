/**
 * An Obsidian link to a note by its path in the vault (a name alone could
 * match two notes), labelled with its title. Nothing can be escaped inside a
 * wikilink, so the characters that would end it or make it a heading or block
 * link (`| [ ] # ^`) are left out of the label.
 */
export function wikilink(path: string, title: string): string {
  const label = title
    .replace(/[|[\]#^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return `[[${path.replace(/\.md$/, '')}|${label}]]`
}
