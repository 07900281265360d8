import { createRoute, redirect } from '@tanstack/react-router'
import { appRoute } from '../shell/app-route'
import { getSession } from './session-store'
import { SignInAsPage } from './sign-in-as-page'

export const signInAsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'sign-in-as',
  beforeLoad: () => {
    if (!getSession()?.user.permissions.includes('login-as')) throw redirect({ to: '/' })
  },
  component: SignInAsPage,
})
