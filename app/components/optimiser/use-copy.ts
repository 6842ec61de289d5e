import { useToast } from '~/components/toast'

/** Copies text to the clipboard and says whether it worked. */
export function useCopy() {
  const toast = useToast()
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Copied to Clipboard', variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', variant: 'destructive' })
    }
  }
}
