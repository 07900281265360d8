export { ListsNav } from './lists-nav'
