export interface MutationGroup {
  environment: 'node' | 'jsdom'
  tests: string[]
  mutate: string[]
}

export declare const groups: Record<string, MutationGroup>

export declare function currentGroup(): MutationGroup & { name: string }
