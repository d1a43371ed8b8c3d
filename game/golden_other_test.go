//go:build !amd64 || amd64.v3

package game

// referenceBuild: this build is not the one the golden saves were made with.
const referenceBuild = false
