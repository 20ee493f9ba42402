/**
 * Whether an address must never be printed: Slack's private file URLs
 * (`url_private`, `url_private_download`, thumbnails on `files.slack.com`)
 * and any URL carrying a token (`?t=xoxe-…`, `xoxb-`, `xoxp-`…), which grants
 * access to whoever reads the note.
 */
export function isPrivateUrl(url: string): boolean {
  return /^https?:\/\/files\.slack\.com\//i.test(url) || /xox[a-z]-/i.test(url) || /[?&](?:t|token)=/i.test(url)
}
