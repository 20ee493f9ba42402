import type {ToolDescriptor} from '@chatmark/core/read'

/**
 * Slack, whose messages this format reads from the workspace export an
 * admin downloads: no folder on the machine keeps them, so none is listed.
 */
export const slackTool: ToolDescriptor = {name: 'Slack', slug: 'slack'}
