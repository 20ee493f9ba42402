import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {AttachmentPart} from '@chatmark/core'
import {pageProblems} from '../../../test/util/page-problems.js'
import {content, exchange, page} from './helpers.js'

const shot: AttachmentPart = {type: 'attachment', text: 'image/png, 70 B', name: 'shot.png', mimeType: 'image/png'}
const spec: AttachmentPart = {type: 'attachment', text: 'application/pdf, 2.0 KB', name: 'spec.pdf'}
const gone: AttachmentPart = {type: 'attachment', text: 'image/png', name: 'gone.png'}

test("an attachment's file is a link to it, never loaded; a file that could not be found is said so", () => {
  const links = new Map([
    [shot, {path: 'attachments/3f2a.png'}],
    [spec, {path: 'attachments/9c1d.pdf'}],
    [gone, {unresolved: 'the export does not include it'}]
  ])
  const html = page(exchange(shot, spec, gone), {attachmentLink: (part) => links.get(part)})
  assert.deepEqual(pageProblems(html), [])
  const body = content(html)
  assert.match(
    body,
    /<p class="attachment-file"><a class="attachment-link" href="attachments\/3f2a\.png">Image: shot\.png<\/a><\/p>/
  )
  assert.match(
    body,
    /<p class="attachment-file"><a class="attachment-link" href="attachments\/9c1d\.pdf">File: spec\.pdf<\/a><\/p>/
  )
  assert.match(body, /<p><em>The file could not be found: the export does not include it<\/em><\/p>/)
  assert.doesNotMatch(html, /<img/)
  // Without a link function the page is the one a plain run writes.
  assert.equal(page(exchange(shot, spec, gone), {attachmentLink: () => undefined}), page(exchange(shot, spec, gone)))
})

test('a path that is a script or another site is not a link the page keeps', () => {
  const html = page(exchange(shot), {attachmentLink: () => ({path: 'javascript:alert(1)'})})
  assert.deepEqual(pageProblems(html), [])
  assert.doesNotMatch(html, /javascript:/)
})
