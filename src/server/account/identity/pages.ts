// The sign-in pages of the embedded provider (login, second factor, forgot and reset password, logout,
// errors): small server-rendered HTML in the Surge look. Inputs and buttons carry stable data-testid.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f4f8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733}
main{width:100%;max-width:380px;padding:16px}
.card{background:#fff;border-radius:10px;box-shadow:0 2px 12px rgba(20,40,80,.12);padding:32px 28px}
.logo{display:flex;align-items:center;gap:10px;justify-content:center;margin-bottom:20px;font-weight:700;font-size:26px;
letter-spacing:.04em;color:#1b4f9c}
.logo svg{width:34px;height:34px}
h1{font-size:18px;font-weight:600;margin:0 0 16px;text-align:center}
p{font-size:14px;line-height:1.45;margin:0 0 14px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input{width:100%;height:40px;border:1px solid #c7d0dc;border-radius:6px;padding:0 10px;font-size:15px}
input:focus{outline:2px solid #2d69b2;border-color:#2d69b2}
button{width:100%;height:40px;margin-top:18px;border:0;border-radius:6px;background:#2d69b2;color:#fff;font-size:15px;
font-weight:600;cursor:pointer}
button:hover{background:#245796}
button.secondary{background:transparent;color:#2d69b2;margin-top:8px}
.error{background:#fdecee;color:#a4142b;border-radius:6px;padding:10px 12px;font-size:14px;margin-bottom:6px}
.notice{background:#e9f5ee;color:#17623a;border-radius:6px;padding:10px 12px;font-size:14px;margin-bottom:6px}
.links{margin-top:14px;text-align:center;font-size:14px}
a{color:#2d69b2;text-decoration:none}
a:hover{text-decoration:underline}
`;

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><path fill="#2d69b2" d="M2 20c4-6 8-6 12 0s8 6 12 0 4-3 4-3v9H2z"/><path fill="#7fb0e8" d="M2 14c4-6 8-6 12 0s8 6 12 0 4-3 4-3v4c-4 6-8 6-12 0s-8-6-12 0-4 3-4 3z"/></svg>`;

export function page(title: string, body: string, options: { script?: string } = {}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Surge</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<div class="logo">${LOGO}<span>Surge</span></div>
${body}
</div>
</main>
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>`;
}

function messageBlock(error?: string, notice?: string, testId = 'auth'): string {
  return [
    error ? `<div class="error" role="alert" data-testid="${testId}-error">${escapeHtml(error)}</div>` : '',
    notice ? `<div class="notice" role="status" data-testid="${testId}-notice">${escapeHtml(notice)}</div>` : '',
  ].join('');
}

export function loginPage(options: { uid: string; email?: string; error?: string; notice?: string }): string {
  const uid = escapeHtml(options.uid);
  return page(
    'Sign in',
    `<h1>Sign in to Surge</h1>
${messageBlock(options.error, options.notice, 'login')}
<form method="post" action="/interaction/${uid}/login" data-testid="login-form" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}" data-testid="login-email">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required data-testid="login-password">
<button type="submit" data-testid="login-submit">Sign in</button>
</form>
<div class="links"><a href="/interaction/password/forgot?uid=${uid}" data-testid="login-forgot-password">Forgot password?</a></div>`,
  );
}

export function totpPage(options: { uid: string; error?: string }): string {
  const uid = escapeHtml(options.uid);
  return page(
    'Two-factor authentication',
    `<h1>Two-factor authentication</h1>
<p>Enter the 6-digit code from your authenticator app.</p>
${messageBlock(options.error, undefined, 'totp')}
<form method="post" action="/interaction/${uid}/totp" data-testid="totp-form" novalidate>
<label for="code">Authentication code</label>
<input id="code" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required autofocus data-testid="totp-code">
<button type="submit" data-testid="totp-submit">Verify</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit" class="secondary" data-testid="totp-cancel">Cancel</button></form>`,
  );
}

export function forgotPasswordPage(options: { uid?: string; error?: string; sent?: boolean; email?: string }): string {
  const back = options.uid ? `/interaction/${escapeHtml(options.uid)}` : '/';
  if (options.sent) {
    return page(
      'Reset password',
      `<h1>Check your email</h1>
<p data-testid="forgot-sent">If an account exists for this email address, we have sent a link to reset the password. The link is valid for one hour.</p>
<div class="links"><a href="${back}" data-testid="forgot-back">Back to sign in</a></div>`,
    );
  }
  const uidField = options.uid ? `<input type="hidden" name="uid" value="${escapeHtml(options.uid)}">` : '';
  return page(
    'Reset password',
    `<h1>Forgot your password?</h1>
<p>Enter your email address and we will send you a link to choose a new password.</p>
${messageBlock(options.error, undefined, 'forgot')}
<form method="post" action="/interaction/password/forgot" data-testid="forgot-form" novalidate>
${uidField}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}" data-testid="forgot-email">
<button type="submit" data-testid="forgot-submit">Send reset link</button>
</form>
<div class="links"><a href="${back}" data-testid="forgot-back">Back to sign in</a></div>`,
  );
}

export function resetPasswordPage(options: { token: string; purpose: 'reset' | 'invitation'; email: string; error?: string }): string {
  const heading = options.purpose === 'invitation' ? 'Welcome to Surge' : 'Choose a new password';
  const intro =
    options.purpose === 'invitation'
      ? `Choose a password for <strong>${escapeHtml(options.email)}</strong> to finish setting up your account.`
      : `Choose a new password for <strong>${escapeHtml(options.email)}</strong>.`;
  return page(
    heading,
    `<h1>${heading}</h1>
<p>${intro}</p>
${messageBlock(options.error, undefined, 'reset')}
<form method="post" action="/interaction/password/reset/${escapeHtml(options.token)}" data-testid="reset-form" novalidate>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required autofocus data-testid="reset-password">
<label for="confirm">Repeat the new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required data-testid="reset-password-confirm">
<button type="submit" data-testid="reset-submit">Save password</button>
</form>`,
  );
}

export function resetDonePage(appUrl: string): string {
  return page(
    'Password saved',
    `<h1>Password saved</h1>
<p data-testid="reset-done">Your password has been saved. You can now sign in with it.</p>
<div class="links"><a href="${escapeHtml(appUrl)}" data-testid="reset-sign-in">Sign in to Surge</a></div>`,
  );
}

export function messagePage(title: string, message: string, appUrl: string, testId = 'auth-message'): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p data-testid="${escapeHtml(testId)}">${escapeHtml(message)}</p>
<div class="links"><a href="${escapeHtml(appUrl)}" data-testid="auth-back-to-app">Back to Surge</a></div>`,
  );
}

export function logoutPage(form: string, autoSubmit: boolean): string {
  return page(
    'Sign out',
    `<h1>Do you want to sign out of Surge?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus data-testid="logout-confirm">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary" data-testid="logout-cancel">No, stay signed in</button>`,
    // The application asked for this sign-out itself (it sent its id_token_hint), so there is nothing to confirm.
    autoSubmit
      ? { script: `var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();` }
      : {},
  );
}
