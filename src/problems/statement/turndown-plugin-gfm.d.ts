// @joplin/turndown-plugin-gfm ships no types: the one plugin used here, as turndown's own type for a plugin.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const tables: TurndownService.Plugin;
}
