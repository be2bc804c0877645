/** Where the sign-in link sends the person back to: this page, but not the signed-out one. */
function returnPath(): string {
  return location.pathname === '/signed-out' ? '/' : `${location.pathname}${location.search}`
}

/**
 * What a team's page shows a person who is not signed in (or whose sign-in ended): a way to sign
 * in at the team's identity provider, instead of a chat that could only refuse them. Whatever
 * was open stays on the server: the sign-in comes back to it.
 */
export function SignInScreen(props: { expired: boolean }) {
  return (
    <main className="app__signin" data-testid="sign-in">
      <h2>{props.expired ? 'You are signed out' : 'Sign in to StudyPulse'}</h2>
      <p>
        {props.expired
          ? 'Your sign-in ended. Sign in again to go on: your conversations and any card waiting for you are kept.'
          : 'This StudyPulse is your team’s: sign in with your account to see your conversations and decide your cards.'}
      </p>
      <a
        className="sp-button sp-button--primary app__signin-button"
        href={`/auth/login?return=${encodeURIComponent(returnPath())}`}
      >
        Sign in
      </a>
    </main>
  )
}
