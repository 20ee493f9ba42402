import type {UsageError} from '../base/usage-error.js'

/**
 * A usage error as printed on stderr: `chatmark: <what>`, then where to look
 * (`Try chatmark --help.`), unless the message holds the fix itself.
 */
export function usageReport(command: 'chatmark' | 'chatmark sync', error: UsageError): string {
  return `${command}: ${error.message}\n${error.tryHelp ? `Try \`${command} --help\`.\n` : ''}`
}
