/** Log templates for Saga Edition events (src-main/rules/systems/saga/log.ts). Polish terms follow 003. */
export default {
  en: {} as Record<string, string>,
  pl: {} as Record<string, string>,
}
