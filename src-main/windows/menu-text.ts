/** The native menu's words, in English and Polish (the OS locale picks one; the renderer's strings are in src-shared/i18n). */
export const menuEn = {
  file: 'File',
  newCampaign: 'New campaign…',
  importCampaign: 'Import campaign…',
  exportCampaign: 'Export campaign…',
  openRecent: 'Open recent',
  noRecent: 'No recent campaigns',
  quit: 'Quit',
  edit: 'Edit',
  view: 'View',
  playerDisplay: 'Player display',
  popOutBoard: 'Pop out encounter board',
  theme: 'Theme',
  themeSystem: 'Follow the system',
  themeLight: 'Light',
  themeDark: 'Dark',
  window: 'Window',
  help: 'Help',
  shortcuts: 'Keyboard shortcuts',
  recentCampaigns: 'Recent campaigns',
}

export type MenuText = typeof menuEn

export const menuPl: MenuText = {
  file: 'Plik',
  newCampaign: 'Nowa kampania…',
  importCampaign: 'Importuj kampanię…',
  exportCampaign: 'Eksportuj kampanię…',
  openRecent: 'Ostatnio otwierane',
  noRecent: 'Brak ostatnich kampanii',
  quit: 'Zakończ',
  edit: 'Edycja',
  view: 'Widok',
  playerDisplay: 'Ekran graczy',
  popOutBoard: 'Plansza starcia w osobnym oknie',
  theme: 'Motyw',
  themeSystem: 'Jak w systemie',
  themeLight: 'Jasny',
  themeDark: 'Ciemny',
  window: 'Okno',
  help: 'Pomoc',
  shortcuts: 'Skróty klawiszowe',
  recentCampaigns: 'Ostatnie kampanie',
}

/** `app.getLocale()` → the menu's language */
export const menuText = (locale: string): MenuText => (/^pl\b/i.test(locale) ? menuPl : menuEn)
