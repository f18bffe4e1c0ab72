"""Grammar files for amppy's parser, loaded as package data (`cpp_amp.lark`)."""
