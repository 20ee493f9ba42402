import assert from 'node:assert/strict'
import {test} from 'node:test'
import * as core from '@chatmark/core'

test('the public API is exactly the expected list of exports', () => {
  assert.deepEqual(Object.keys(core).sort(), [
    'compressionOf',
    'confidences',
    'containMarkdown',
    'conversationTitle',
    'conversationToMdast',
    'countCodePoints',
    'createNormalizer',
    'createSample',
    'decompressedInput',
    'defaultFormatOrder',
    'defaultLimits',
    'dispatch',
    'fail',
    'formatBytes',
    'frontmatterOf',
    'inputFromBytes',
    'inputFromPath',
    'inputFromStream',
    'inputFromString',
    'isNumber',
    'isRecord',
    'isString',
    'noteChunks',
    'numberOf',
    'readJsonDocument',
    'readJsonItems',
    'readJsonLineBatches',
    'readJsonLines',
    'readLineBatches',
    'readLines',
    'resolveRenderOptions',
    'sampleFromBytes',
    'sampleRecordLimit',
    'sortByDefaultOrder',
    'stringOf',
    'toNote',
    'treeToMarkdown',
    'treeToMarkdownChunks',
    'truncateMiddle',
    'turnDepth'
  ])
})
