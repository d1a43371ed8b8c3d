// Package assets embeds the art, sounds and data files the program ships.
package assets
