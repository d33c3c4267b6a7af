"""The paper folders (papers/<paper>/): TEMP until the folder layout and its discovery land."""
