import type {ToolDescriptor} from '@chatmark/core/read'

/**
 * ChatGPT, whose conversations this format reads from the data export a
 * person downloads: no folder on the machine keeps them, so none is listed.
 */
export const chatgptTool: ToolDescriptor = {name: 'ChatGPT', slug: 'chatgpt'}
