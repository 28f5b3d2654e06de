// Enrols an authenticator app: POST /api/auth/mfa gives a secret and otpauth URI (shown as QR code and
// text); the user confirms with a current 6-digit code (POST /api/auth/mfa/verify).
import { useEffect, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Loader, Modal, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { TOTP_DIGITS, totpCodeSchema, type MfaEnrolment } from '../../domain/user.ts';
import { confirmMfaEnrolment, startMfaEnrolment } from '../api/accountApi.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { QrCode } from '../ui/QrCode.tsx';

interface EnrolAuthenticatorModalProps {
  opened: boolean;
  onClose: () => void;
  onEnrolled: () => void;
}

export function EnrolAuthenticatorModal({ opened, onClose, onEnrolled }: EnrolAuthenticatorModalProps) {
  const api = useApi();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('Authenticator app');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    setEnrolment(null);
    setStartError(null);
    setCode('');
    setCodeError(null);
    startMfaEnrolment(api)
      .then((started) => !cancelled && setEnrolment(started))
      .catch((error: unknown) => !cancelled && setStartError(errorMessage(error)));
    return () => {
      cancelled = true;
    };
  }, [opened, api]);

  const verify = async () => {
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Enter the code');
      return;
    }
    setVerifying(true);
    try {
      await confirmMfaEnrolment(api, parsed.data, label.trim() || undefined);
      onEnrolled();
      onClose();
    } catch (error) {
      setCodeError(errorMessage(error));
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add an authenticator app" size="lg" data-testid="mfa-enrol-modal">
      {startError && (
        <Alert color="red" title="The enrolment could not start">
          {startError}
        </Alert>
      )}
      {!enrolment && !startError && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {enrolment && (
        <Stack gap="md">
          <Text size="sm">
            1. Scan this code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), or
            enter the secret by hand.
          </Text>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <QrCode value={enrolment.otpauthUri} label="QR code of the authenticator secret" />
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                Secret
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
                  {enrolment.secret}
                </Code>
                <CopyButton value={enrolment.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? 'Copied!' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="xs">
                Setup link
              </Text>
              <Code block data-testid="mfa-otpauth-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {enrolment.otpauthUri}
              </Code>
            </Stack>
          </Group>
          <TextInput label="Name of this authenticator" value={label} maxLength={60} onChange={(event) => setLabel(event.currentTarget.value)} data-testid="mfa-label" />
          <div>
            <Text size="sm" mb={6}>
              2. Enter the 6-digit code the app shows now.
            </Text>
            <PinInput
              length={TOTP_DIGITS}
              type="number"
              oneTimeCode
              value={code}
              onChange={(value) => {
                setCode(value);
                setCodeError(null);
              }}
              onComplete={(value) => setCode(value)}
              error={codeError !== null}
              aria-label="Authenticator code"
              data-testid="mfa-code"
            />
            {codeError && (
              <Text c="red" size="sm" mt={6} data-testid="mfa-code-error">
                {codeError}
              </Text>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void verify()} loading={verifying} disabled={code.length !== TOTP_DIGITS} data-testid="mfa-verify">
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
