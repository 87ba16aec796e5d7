/** Log templates for session records (keys emitted by src-main/services/session-entries.ts). Flat keys, `{param}`. */
export default {
  en: {
    'log.session.started': 'Session “{title}” started ({date})',
    'log.session.ended': 'Session ended',
    'log.session.note': '{text}',
    'log.session.roll': 'Roll {notation}: {total} ({dice})',
    'log.session.rollLabelled': '{label}: {notation} = {total} ({dice})',
    'log.session.rest.short': '{who} takes a short rest {text}',
    'log.session.rest.long': '{who} takes a long rest {text}',
    'log.session.rest.healing': '{who} is healed {amount} {text}',
    'log.session.rest.other': '{who}: {text}',
    'log.session.pool': '{pool} {delta} {reason}',
    'log.session.encounterStarted': 'Encounter “{name}” begins',
  },
  pl: {
    'log.session.started': 'Sesja „{title}” rozpoczęta ({date})',
    'log.session.ended': 'Sesja zakończona',
    'log.session.note': '{text}',
    'log.session.roll': 'Rzut {notation}: {total} ({dice})',
    'log.session.rollLabelled': '{label}: {notation} = {total} ({dice})',
    'log.session.rest.short': '{who} krótko odpoczywa {text}',
    'log.session.rest.long': '{who} długo odpoczywa {text}',
    'log.session.rest.healing': '{who} zostaje uleczony o {amount} {text}',
    'log.session.rest.other': '{who}: {text}',
    'log.session.pool': '{pool} {delta} {reason}',
    'log.session.encounterStarted': 'Starcie „{name}” się zaczyna',
  },
} as const
