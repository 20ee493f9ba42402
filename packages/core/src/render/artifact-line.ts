import type {Paragraph, PhrasingContent} from 'mdast'
import type {Artifact} from '../model/model.js'
import {emphasis, inlineCode, mergeText, strong, text} from './phrasing.js'

/** The line that introduces an artifact: **Artifact** _Title_ (`kind`, created). */
export function artifactLine(artifact: Artifact): Paragraph {
  const line: PhrasingContent[] = [strong('Artifact'), text(' '), emphasis(oneLine(artifact.title)), text(' (')]
  if (artifact.kind !== undefined) line.push(inlineCode(oneLine(artifact.kind)), text(', '))
  line.push(text(`${oneLine(artifact.action)})`))
  return {type: 'paragraph', children: mergeText(line)}
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
