/**
 * Whether an element is in sight: in the window, within `margin` of it, and not clipped away by a scrolled column
 * (IntersectionObserver). Used to follow a live view only while it can be seen (the GM's player preview). Where
 * there is no IntersectionObserver (a test's DOM), everything counts as in sight.
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'

export function useInSight(el: Ref<HTMLElement | null>, margin = '300px'): Readonly<Ref<boolean>> {
  const Observer = globalThis.IntersectionObserver
  const seen = ref(!Observer)
  if (!Observer) return seen
  let observer: IntersectionObserver | null = null
  const stopWatch = watch(
    el,
    (now) => {
      observer?.disconnect()
      observer = null
      seen.value = false
      if (!now) return
      observer = new Observer((entries) => (seen.value = entries.some((e) => e.isIntersecting)), { rootMargin: margin })
      observer.observe(now)
    },
    { immediate: true, flush: 'post' },
  )
  onBeforeUnmount(() => {
    stopWatch()
    observer?.disconnect()
  })
  return seen
}
