export { useChangeFeed } from './use-change-feed'
