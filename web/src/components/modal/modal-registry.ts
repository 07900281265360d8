import { lazy, type ComponentType } from 'react'
import { modalWidths, type ModalId } from '@crm/contracts'
import { modalStore } from './modal-store'

/** The global window's width (docs/product.md section 2) for modals without a registered width. */
export const GLOBAL_WINDOW_WIDTH = '60vw'

export type ModalComponentProps<P> = {
  props: P
  /** Closes this window (a finished form). */
  close: () => void
}

type ModalDefinition<P> = {
  id: string
  title: string | ((props: P) => string)
  width: number | string
  component: ComponentType<ModalComponentProps<P>>
}

// Stored loosely: each definition knows its own props type; the host only passes them through.
const registry = new Map<string, ModalDefinition<never>>()

function registeredWidth(id: string): number | string {
  return id in modalWidths ? modalWidths[id as ModalId] : GLOBAL_WINDOW_WIDTH
}

/**
 * Registers a modal by id and returns typed openers. Features call this at module level;
 * ids of docs/product.md's registry take their width from `modalWidths`, others get the global 60vw window.
 */
export function defineModal<P = undefined>(
  id: ModalId | (string & {}),
  definition: Omit<ModalDefinition<P>, 'id' | 'width'> & { width?: number | string },
) {
  registry.set(id, { ...definition, id, width: definition.width ?? registeredWidth(id) } as ModalDefinition<never>)
  return {
    id,
    open: (...args: P extends undefined ? [props?: P] : [props: P]) => modalStore.open(id, args[0]),
    close: () => modalStore.closeById(id),
  }
}

export function getModalDefinition(id: string): ModalDefinition<unknown> | undefined {
  return registry.get(id) as ModalDefinition<unknown> | undefined
}

export function modalTitle(definition: ModalDefinition<unknown>, props: unknown): string {
  return typeof definition.title === 'function' ? definition.title(props) : definition.title
}

export function cssWidth(width: number | string): string {
  return typeof width === 'number' ? `${width}px` : width
}

/**
 * A window's body loaded on first open, so that a screen which can open a window does not download its form
 * up front: `component: lazyModalBody(() => import('./x-form'), 'XForm')`. The window shows a skeleton meanwhile.
 */
export function lazyModalBody<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<ModalComponentProps<P>>>>,
  name: K,
): ComponentType<ModalComponentProps<P>> {
  return lazy(async () => {
    const component: ComponentType<ModalComponentProps<P>> = (await load())[name]
    return { default: component }
  })
}
