import type {ToolDescriptor} from '@chatmark/core/read'

/**
 * Gemini Apps (the Gemini web and mobile apps, formerly Bard), whose history
 * leaves Google only as a Takeout download: `Takeout/My Activity/Gemini
 * Apps/MyActivity.json` (or `My Activity.html`, as the user chose), in the
 * `.zip` Takeout mails a link to. It keeps nothing on the machine, so there
 * are no session folders: `chatmark sync` does not look in Downloads for
 * `takeout-*.zip`, because a Takeout archive usually holds many products
 * (Mail, Photos, YouTube...) and is gigabytes large, and each new download is
 * a new archive of the whole history, not an update of the last one.
 */
export const geminiAppsTool: ToolDescriptor = {
  name: 'Gemini Apps',
  slug: 'gemini-apps'
}
