/** Message source for problems this format reports. */
export const messageSource = 'chatmark:cursor'
