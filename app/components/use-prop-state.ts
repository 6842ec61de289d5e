import { useState, type Dispatch, type SetStateAction } from 'react'

/**
 * Local state that starts as `prop` and is reset to it whenever `prop` changes (compared with Object.is, as effect
 * dependencies are): a screen's editable copy of loader data that a revalidation replaces. The reset happens while
 * rendering, as React recommends instead of an effect that would first render the stale value
 * (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
 * `prop` must not be a function (useState would call it).
 */
export function usePropState<T>(prop: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(prop)
  const [prev, setPrev] = useState(prop)
  if (!Object.is(prev, prop)) {
    setPrev(prop)
    setValue(prop)
  }
  return [value, setValue]
}
