// A TEST certificate, for the demo service only: it signs the Content Credentials of the
// demo outputs of chosen models, so that the app's handling of signed files can be seen and
// tested without a vendor. Its CA is trusted by nobody, and its private key is public (it
// is right here): a file signed with it proves nothing about who made it. Made by
// scripts/make-demo-signing-certificate.mjs; do not edit by hand.

/** The signing certificate, then the test CA that issued it (the chain a manifest carries). */
export const DEMO_CERTIFICATE_CHAIN_PEM = [
  `-----BEGIN CERTIFICATE-----
MIICPjCCAeOgAwIBAgIUVEkx0sk2VsHUzFi2fR0mBGhdRqIwCgYIKoZIzj0EAwIw
YTEsMCoGA1UEAwwjTWVkaWFHZW4gRGVtbyBUZXN0IENBIChub3QgdHJ1c3RlZCkx
MTAvBgNVBAoMKE1lZGlhR2VuIFN0dWRpbyBkZW1vIHNlcnZpY2UgKHRlc3Qgb25s
eSkwHhcNMjYxMTI3MTQ0NzI2WhcNNDYxMTIyMTQ0NzI2WjBlMTAwLgYDVQQDDCdN
ZWRpYUdlbiBEZW1vIFNpZ25lciAodGVzdCBjZXJ0aWZpY2F0ZSkxMTAvBgNVBAoM
KE1lZGlhR2VuIERlbW8gU2VydmljZSAodGVzdCBjZXJ0aWZpY2F0ZSkwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQPcXtE0ruJio8ETEB4TB2bKTIT1uy8eilBGSeK
TZawbmB2/7DNoZ8+yb5SwH0U5UtycLDodtgKETPwyCeFDqa+o3UwczAMBgNVHRMB
Af8EAjAAMA4GA1UdDwEB/wQEAwIHgDATBgNVHSUEDDAKBggrBgEFBQcDBDAdBgNV
HQ4EFgQUQ5nnT4ELbAgfAUESy5+jUOGNQrEwHwYDVR0jBBgwFoAUQwqcQiFgOyY6
5E2M1MzphzjBVdcwCgYIKoZIzj0EAwIDSQAwRgIhAOdTclwd5HEytHX0RXbIFmCM
TbxynDh474klM+rfcE82AiEAhOFPG5cNPwd+iBZXmIx+/DM7bNvwLZMFIeF7UGtP
hlI=
-----END CERTIFICATE-----`,
  `-----BEGIN CERTIFICATE-----
MIICBTCCAaygAwIBAgIUQN7s+nSYAEDoBF/+byfq1YWqCRQwCgYIKoZIzj0EAwIw
YTEsMCoGA1UEAwwjTWVkaWFHZW4gRGVtbyBUZXN0IENBIChub3QgdHJ1c3RlZCkx
MTAvBgNVBAoMKE1lZGlhR2VuIFN0dWRpbyBkZW1vIHNlcnZpY2UgKHRlc3Qgb25s
eSkwHhcNMjYxMTI3MTQ0NzI2WhcNNDYxMTIyMTQ0NzI2WjBhMSwwKgYDVQQDDCNN
ZWRpYUdlbiBEZW1vIFRlc3QgQ0EgKG5vdCB0cnVzdGVkKTExMC8GA1UECgwoTWVk
aWFHZW4gU3R1ZGlvIGRlbW8gc2VydmljZSAodGVzdCBvbmx5KTBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABLe486I7IDiSoKi4PXZZ9//ica6IYLNN0PPMJPcUXqhW
cCIXfKVXpNsM6VTWLuj6UOFWrGs45760NPDSMM6QprajQjBAMA8GA1UdEwEB/wQF
MAMBAf8wDgYDVR0PAQH/BAQDAgEGMB0GA1UdDgQWBBRDCpxCIWA7JjrkTYzUzOmH
OMFV1zAKBggqhkjOPQQDAgNHADBEAiBfrmjjFBhMmpv2d++oVpcmAlVIYtv5v1DG
pOVC8cn1fAIgNsxjsdCW4CSj7zd0z/wIKO+tlNrBU4jd+Uls6eUSDz8=
-----END CERTIFICATE-----`
]

/** The signing certificate's private key (PKCS #8). Public on purpose: this is a test key. */
export const DEMO_SIGNING_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFToESgB40ZunPBBq
dYCehv44ww1HgoHBQ55YAaOfjTmhRANCAAQPcXtE0ruJio8ETEB4TB2bKTIT1uy8
eilBGSeKTZawbmB2/7DNoZ8+yb5SwH0U5UtycLDodtgKETPwyCeFDqa+
-----END PRIVATE KEY-----`
